import "react-router";

declare module "react-router" {
  interface AppLoadContext {
    /** Per-request nonce that the Content-Security-Policy allows for scripts. */
    cspNonce: string;
    /** The client's address as Express sees it (trust proxy applied); used for rate limits. */
    clientIp: string;
    requestId: string;
  }
}
