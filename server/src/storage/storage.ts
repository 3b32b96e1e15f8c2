/**
 * The one storage interface the services and features see, composed of one part per aggregate
 * (*-storage.ts beside this file). It speaks in the service's own records (records.ts) and small,
 * single-purpose operations; every database implements it (kysely-storage.ts) and passes the same
 * contract suites (contract/, run by storage-contract.test.ts), so no handler changes when the
 * database does.
 */
import type { AccountStorage } from './account-storage.js';
import type { ClientStorage } from './client-storage.js';
import type { CodeStorage } from './code-storage.js';
import type { HelpFeedbackStorage } from './help-feedback-storage.js';
import type { ComplaintStorage } from './complaint-storage.js';
import type { ImageStorage } from './image-storage.js';
import type { JobLeaseStorage } from './job-lease-storage.js';
import type { KeyStorage } from './key-storage.js';
import type { OutboxStorage } from './outbox-storage.js';
import type { PaymentStorage } from './payment-storage.js';
import type { PasskeyStorage } from './passkey-storage.js';
import type { PersonalStorage } from './personal-storage.js';
import type { QrLoginStorage } from './qr-login-storage.js';
import type { ReviewStorage } from './review-storage.js';
import type { HissaStorage } from './hissa-storage.js';
import type { RateWindowStorage } from './rate-window-storage.js';
import type { SecurityLogStorage } from './security-log-storage.js';
import type { SessionStorage } from './session-storage.js';
import type { SmsMessageStorage } from './sms-message-storage.js';
import type { SocialStorage } from './social-storage.js';
import type { ThrottleStorage } from './throttle-storage.js';
import type { TwoStepStorage } from './two-step-storage.js';
import type { ValidationStorage } from './validation-storage.js';

export type { AccountStorage, ContactChanges } from './account-storage.js';
export type { AuthorizationCode, ClientKind, ClientStorage, Grant, OAuthClient } from './client-storage.js';
export type { CodeCloseReason, CodeStorage, OtpCode, StepUpProof, Verification } from './code-storage.js';
export type { HelpFeedbackStorage, HelpFeedbackTally } from './help-feedback-storage.js';
export type {
  Complaint,
  ComplaintAttachment,
  ComplaintCategory,
  ComplaintMessage,
  ComplaintStatus,
  ComplaintStorage,
  NewComplaint,
} from './complaint-storage.js';
export type { ImageStorage, ImageVariant } from './image-storage.js';
export type { IdentityValidation, ValidationStorage } from './validation-storage.js';
export type { JobLease, JobLeaseStorage } from './job-lease-storage.js';
export type { KeyStorage, ServerSecret, SigningKey } from './key-storage.js';
export type { OutboxMessage, OutboxStorage } from './outbox-storage.js';
export type {
  NewReceipt,
  PaymentCard,
  PaymentReceipt,
  PaymentStorage,
  PaymentWebhook,
  StoredReceiptStatus,
} from './payment-storage.js';
export type { Passkey, PasskeyStorage, WebauthnChallenge, WebauthnPurpose } from './passkey-storage.js';
export type { Address, PersonalStorage, ProfileChanges } from './personal-storage.js';
export type { QrLoginRequest, QrLoginState, QrLoginStorage } from './qr-login-storage.js';
export type {
  CompanyClaim,
  CompanyTally,
  Review,
  ReviewCompany,
  ReviewStorage,
  StoredReply,
} from './review-storage.js';
export type {
  HissaContribution,
  HissaContributionEntry,
  HissaProject,
  HissaProjectTally,
  HissaStorage,
  HissaUpdate,
} from './hissa-storage.js';
export type { RateWindow, RateWindowStorage } from './rate-window-storage.js';
export type { AuditDetails, AuditEvent, SecurityLogStorage } from './security-log-storage.js';
export type { DeviceProfileRow, RefreshToken, SessionStorage } from './session-storage.js';
export type { SmsMessage, SmsMessageStorage } from './sms-message-storage.js';
export type { LinkedIdentityRecord, PendingLink, SocialFlow, SocialStorage } from './social-storage.js';
export type {
  ThrottleGiveBack,
  ThrottleKeyPolicy,
  ThrottleRefusal,
  ThrottleReservation,
  ThrottleSettled,
  ThrottleState,
  ThrottleStorage,
} from './throttle-storage.js';
export type { SecondStep, TotpSecret, TwoStepStorage } from './two-step-storage.js';

export interface Storage
  extends
    AccountStorage,
    SessionStorage,
    CodeStorage,
    ThrottleStorage,
    ClientStorage,
    KeyStorage,
    OutboxStorage,
    PersonalStorage,
    SecurityLogStorage,
    RateWindowStorage,
    JobLeaseStorage,
    ImageStorage,
    SocialStorage,
    SmsMessageStorage,
    HelpFeedbackStorage,
    ComplaintStorage,
    ValidationStorage,
    QrLoginStorage,
    PaymentStorage,
    PasskeyStorage,
    TwoStepStorage,
    ReviewStorage,
    HissaStorage {
  /** Runs `work` atomically: all its writes land, or none. Inside, `tx` is the same interface. */
  transaction<T>(work: (tx: Storage) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}
