/** The help centre's pages in one chunk: /mobile-{page} is the phone apps' page, any other the help centre. */
import { useLocation } from 'wouter';
import HelpCentreScreen from './help-centre-screen';
import HelpMobileScreen from './help-mobile-screen';

export default function HelpScreens() {
  const [location] = useLocation();
  return location.startsWith('/mobile-') ? <HelpMobileScreen /> : <HelpCentreScreen />;
}
