/**
 * The storage contract (lucia's adapter-test idea): one suite per aggregate, each run against every
 * database the project supports (contract/databases.ts), so no service changes when the database does.
 */
import { describeAccountStorage } from './contract/account-contract.js';
import { describeClientStorage } from './contract/client-contract.js';
import { describeCodeStorage } from './contract/code-contract.js';
import { describeHelpFeedbackStorage } from './contract/help-feedback-contract.js';
import { describeComplaintStorage } from './contract/complaint-contract.js';
import { describeImageStorage } from './contract/image-contract.js';
import { DATABASES } from './contract/databases.js';
import { describeJobLeaseStorage } from './contract/job-lease-contract.js';
import { describeKeyStorage } from './contract/key-contract.js';
import { describeOutboxStorage } from './contract/outbox-contract.js';
import { describePaymentStorage } from './contract/payment-contract.js';
import { describePasskeyStorage } from './contract/passkey-contract.js';
import { describePersonalStorage } from './contract/personal-contract.js';
import { describeQrLoginStorage } from './contract/qr-login-contract.js';
import { describeReviewStorage } from './contract/review-contract.js';
import { describeHissaStorage } from './contract/hissa-contract.js';
import { describeRateWindowStorage } from './contract/rate-window-contract.js';
import { describeSecurityLogStorage } from './contract/security-log-contract.js';
import { describeRotationStorage } from './contract/rotation-contract.js';
import { describeSessionStorage } from './contract/session-contract.js';
import { describeSmsMessageStorage } from './contract/sms-message-contract.js';
import { describeSocialStorage } from './contract/social-contract.js';
import { describeThrottleStorage } from './contract/throttle-contract.js';
import { describeTransactions } from './contract/transaction-contract.js';
import { describeTwoStepStorage } from './contract/two-step-contract.js';
import { describeValidationStorage } from './contract/validation-contract.js';

const SUITES = [
  describeAccountStorage,
  describeSessionStorage,
  describeRotationStorage,
  describeCodeStorage,
  describeThrottleStorage,
  describeClientStorage,
  describeKeyStorage,
  describeOutboxStorage,
  describePersonalStorage,
  describeSecurityLogStorage,
  describeRateWindowStorage,
  describeJobLeaseStorage,
  describeImageStorage,
  describeSocialStorage,
  describeSmsMessageStorage,
  describeHelpFeedbackStorage,
  describeComplaintStorage,
  describeValidationStorage,
  describeQrLoginStorage,
  describePaymentStorage,
  describePasskeyStorage,
  describeTwoStepStorage,
  describeReviewStorage,
  describeHissaStorage,
  describeTransactions,
];

for (const database of DATABASES) {
  for (const describeSuite of SUITES) describeSuite(database.name, database.open);
}
