/**
 * The Hindi of the stories' own example texts that the catalogs do not hold word for word (the
 * catalogs' texts are found there first). Terms as in docs/glossary-hi.md.
 */
export const STORY_TEXTS_HI: Record<string, string> = {
  Export: 'एक्सपोर्ट करें',
  'Exporting...': 'एक्सपोर्ट हो रहा है...',
  Reset: 'रीसेट करें',
  'Learn More': 'और जानें',
  'Pay ₹199.00 Now': 'अभी ₹199.00 का भुगतान करें',
  'Payment received. Your application is being processed.':
    'भुगतान प्राप्त हुआ। आपके आवेदन पर कार्रवाई की जा रही है।',
  'Account locked. Please wait {seconds} seconds.': 'खाता लॉक है। कृपया {seconds} सेकंड प्रतीक्षा करें।',
  'No data available': 'कोई जानकारी उपलब्ध नहीं है',
  'Login failed: The mobile number or password you entered does not match our records. 2 attempts remaining.':
    'साइन इन नहीं हो सका: आपका दर्ज किया मोबाइल नंबर या पासवर्ड हमारे रिकॉर्ड से मेल नहीं खाता। 2 प्रयास बाकी हैं।',
  'Contact Support': 'सहायता टीम से संपर्क करें',
  'Loading...': 'लोड हो रहा है...',
  'Loading dashboard...': 'डैशबोर्ड लोड हो रहा है...',
};
