/**
 * Apple's development signing key (docs/social-sign-in.md, Configuration): a P-256 key in PKCS #8 PEM
 * that outside production signs Kirish's client secret for the stand-in's Apple (key id `STANDINKEY`,
 * team `STANDINTEAM`), which is handed its public half. It is published in this repository and so
 * protects nothing: production never uses it (social-config.ts requires APPLE_PRIVATE_KEY there).
 */
export const DEVELOPMENT_APPLE_PRIVATE_KEY = `-----BEGIN PRIVATE KEY-----
MIGHAgEAMBMGByqGSM49AgEGCCqGSM49AwEHBG0wawIBAQQgxIEgInq8ArPTTPVK
vFGexKay1bxqh54IXqdYltkFa4mhRANCAAQs6MwM6oMcTcUO9Xcf1PI66L60TO1d
QTpIb1UvZJozFNopzvYjlSBa+h9Le4+qfupqzeRbpR+qjAHV9XaxsPVB
-----END PRIVATE KEY-----
`;
