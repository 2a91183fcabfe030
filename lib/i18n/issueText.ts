/**
 * The problems the input checks name after a field ("is required"), in the user's words: the one
 * place an input's problem is worded, for the popup's and the options page's forms alike.
 */
import { t, type MessageKey } from './index';
import { tCount } from './count';

/** The problems the input schemas name after a field ("is required"), as message keys. */
const KNOWN_ISSUES: Record<string, MessageKey> = {
  'is required': 'commonIssueRequired',
  'is not valid': 'commonIssueNotValid',
  'must not contain spaces': 'commonIssueNoSpaces',
  'must be a web address starting with http:// or https://': 'commonIssueWebAddress',
  'must be a number': 'commonIssueNumber',
  'must be a whole number': 'commonIssueWholeNumber',
  'must be positive': 'commonIssuePositive',
  'must be a colour written #RRGGBB': 'commonIssueHexColour',
  'must be a colour written rgb(r,g,b)': 'commonIssueRgbColour',
  'must be a colour written #RRGGBB or rgb(r,g,b)': 'commonIssueColour',
  'must have each of r, g, b between 0 and 255': 'commonIssueRgbRange',
  'may contain only letters, digits, - and _': 'commonIssueSlugChars',
  'must be an email address': 'commonIssueEmail',
  'must be a phone number': 'commonIssuePhone',
  'must not contain spaces, quotes or < >': 'commonIssueNoQuotes',
  'give an email or a password': 'commonIssueEmailOrPassword',
  'must be links, bio or qr': 'commonIssueItemType',
  'must be one of the 13 pixel types': 'commonIssuePixelType',
  'must be a png or jpg image': 'commonIssueImage',
  'must be one of text, vcard, link, email, phone, sms, wifi': 'commonIssueQrType',
};

/** A schema's problem text in the user's language (a text not known here, such as a service's, unchanged). */
export function issueText(problem: string): string {
  if (Object.hasOwn(KNOWN_ISSUES, problem)) return t(KNOWN_ISSUES[problem]!);
  const most = /^must be at most (\d+) characters$/.exec(problem);
  if (most) return tCount({ one: 'commonIssueAtMostOne', other: 'commonIssueAtMostMany' }, Number(most[1]));
  const least = /^must be at least (\d+) characters$/.exec(problem);
  if (least) return tCount({ one: 'commonIssueAtLeastOne', other: 'commonIssueAtLeastMany' }, Number(least[1]));
  return problem;
}

/** "<field> <problem>" as the schemas word it, with the problem in the user's language. */
export function fieldIssueText(field: string, problem: string): string {
  return fieldProblemSentence(field, issueText(problem));
}

/** The one sentence of a bad field: its name and its problem (already in the user's language), ending with one full stop. */
export function fieldProblemSentence(label: string, problem: string): string {
  return t('commonInvalidField', label, problem.replace(/[.\s]+$/, ''));
}
