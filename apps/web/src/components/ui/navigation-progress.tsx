import { useNavigation } from 'react-router';
import { useLingui } from '@lingui/react/macro';

/** A thin bar at the top while the next screen's code is downloading. */
export function NavigationProgress() {
  const { t } = useLingui();
  const navigation = useNavigation();
  if (navigation.state === 'idle') return null;
  return <div className="navigation-progress-bar" role="progressbar" aria-label={t`Loading page`} />;
}
