/** What the taxpayer's and the spouse's signing calls answer, the same on both sides. */
import { MESSAGES } from '@taxfirm/contract';

/** The answer to "send me a code": what the service says about the code sent, with the spec's message. */
export function codeSentAnswer<T extends object>(sent: T) {
  return { ...sent, message: MESSAGES.SIGNATURE_CODE_SENT, status_smessage: MESSAGES.SIGNATURE_CODE_SENT };
}

/** The answer to a signature: whether the document is now complete, and if so its signed copy's link. */
export function signedAnswer(complete: boolean, signedLink: () => string) {
  return {
    message: MESSAGES.SIGNATURE_SIGNED,
    status_smessage: MESSAGES.SIGNATURE_SIGNED,
    complete,
    signed_url: complete ? signedLink() : null,
  };
}
