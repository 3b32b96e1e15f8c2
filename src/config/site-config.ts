/**
 * The configuration this build was made with: vite.config.ts validated it with loadConfig
 * (config.ts) when it built the site, so the page carries only the checked result.
 */
import type { AppConfig } from './config';

declare global {
  interface ImportMetaEnv {
    readonly KIRISH_CONFIG: AppConfig;
  }
}

export const siteConfig: AppConfig = import.meta.env.KIRISH_CONFIG;
