/** The relative time moved to src/components/when.tsx (Home shows it too); the security pages keep this import. */
export { When } from '../../../components/when';
