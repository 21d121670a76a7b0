/**
 * The messages of the year's organizer and the rates table (issue 37). Part of `MESSAGES` (messages.ts spreads
 * them in), kept here so that file stays one list of the specification's words.
 */
export const ORGANIZER_MESSAGES = {
  ORGANIZER_REQUIRED: 'Answer this question.',
  ORGANIZER_CHOOSE_YES_NO: 'Answer Yes or No.',
  ORGANIZER_CHOOSE_OPTION: 'Choose one of the options.',
  ORGANIZER_AMOUNT_INVALID: 'Enter an amount in digits, like 9,00,000 or 1250.50.',
  ORGANIZER_CURRENCY_INVALID: 'Choose the currency.',
  ORGANIZER_DATE_INVALID: 'Enter a real date.',
  ORGANIZER_TEXT_INVALID: 'Enter text.',
  ORGANIZER_PAN_INVALID: 'Enter your PAN as on the card: five letters, four digits, then a letter.',
  ORGANIZER_ROW_INVALID: 'Reload the page: this list of answers could not be read.',
  ORGANIZER_ANSWERS_INVALID: 'Check the answers marked.',
  ORGANIZER_SAVED: 'Your answers are saved.',
  ORGANIZER_SENT: 'Your organizer is sent to your preparer.',
  ORGANIZER_ALREADY_SENT: 'Your organizer is already sent: message your preparer to change an answer.',
  ORGANIZER_CLOSED: 'This year is closed: its organizer can no longer change.',
  ORGANIZER_NOT_FOUND: 'This organizer was not found.',
  ORGANIZER_STAFF_SAVED: 'The organizer’s answers are saved.',
  ORGANIZER_REASON_REQUIRED: 'Say why you are changing the client’s answers.',
  ORGANIZER_REQUESTED: 'The organizer is sent to the client.',
  ORGANIZER_SENT_BY_CLIENT: 'The client has already sent the organizer.',
  ORGANIZER_DEFINITION_CONFLICT: 'Someone saved the questions at the same time: reload and try again.',
  ORGANIZER_REQUESTED_RECENTLY: 'The client was sent the organizer in the last 10 minutes.',
  ORGANIZER_DEFINITION_SAVED: 'The organizer’s questions are saved as a new version.',
  ORGANIZER_DEFINITION_UNKNOWN_ID: 'Choose sections and questions of the organizer to turn off.',
  ORGANIZER_FIRM_QUESTION_INVALID:
    'Give each question of your own a section, a label and, for a choice, two to 10 options.',
  ORGANIZER_FIRM_QUESTIONS_LIMIT: 'Add at most 30 questions of your own.',
  ORGANIZER_WORKSHEET_FORMAT_INVALID: 'Choose CSV or PDF.',
  QUEUE_ORGANIZER_INVALID: 'Choose not started, in progress or sent.',
  RATE_CURRENCY_INVALID: 'Choose a currency.',
  RATE_YEAR_INVALID: 'Choose a year the portal serves.',
  RATE_VALUE_INVALID: 'Enter the units of the currency per US dollar, like 85.614.',
  RATE_SOURCE_REQUIRED: 'Say where the rate comes from.',
  RATE_SAVED: 'The rate is saved.',
} as const;
