import styles from './auth-card.module.css';

/** Form, link, row and success-message classes shared by the signed-out screens. */
export const authStyles = styles;
