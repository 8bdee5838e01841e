export { i18nPlugin, localizeAnswer } from './plugin';
export { pageLocale, requestLocale } from './request-locale';
export { languageRoutes } from './routes';
export { accountExistsSmsText, otpSmsText, statusChangeSmsText } from './sms-texts';
export { isMessageId, localize, messageIds, t } from './translator';
