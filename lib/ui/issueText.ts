/**
 * The problems the input schemas (lib/api/inputs) name after a field ("is required",
 * "must be at most 255 characters"), in the user's language. A problem not known here
 * (a default message of the schema library, a service's text) is shown as it is.
 */
import { t, type MessageKey } from '../i18n';

const KNOWN: Record<string, MessageKey> = {
  'is required': 'commonIssueRequired',
  'is not valid': 'commonIssueNotValid',
  'must not contain spaces': 'commonIssueNoSpaces',
  'must be a web address starting with http:// or https://': 'commonIssueWebAddress',
  'must be a number': 'commonIssueNumber',
  'must be a whole number': 'commonIssueWholeNumber',
  'must be positive': 'commonIssuePositive',
  'must be a colour written #RRGGBB': 'commonIssueHexColour',
  'must be a colour written rgb(r,g,b)': 'commonIssueRgbColour',
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

/** A schema's problem text in the user's language (unknown texts unchanged). */
export function issueText(problem: string): string {
  if (Object.hasOwn(KNOWN, problem)) return t(KNOWN[problem]!);
  const most = /^must be at most (\d+) characters$/.exec(problem);
  if (most) return t('commonIssueAtMost', most[1]!);
  const least = /^must be at least (\d+) characters$/.exec(problem);
  if (least) return t('commonIssueAtLeast', least[1]!);
  return problem;
}

/** "<field> <problem>" as the schemas word it, with the problem in the user's language. */
export function fieldIssueText(field: string, problem: string): string {
  return t('commonInvalidField', field, issueText(problem));
}
