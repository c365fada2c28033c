import { Progress } from '@mantine/core';
import { useNavigation } from 'react-router';

/** A thin bar at the top while the next screen's code is downloading. */
export function NavigationProgress() {
  const navigation = useNavigation();
  if (navigation.state === 'idle') return null;
  return (
    <Progress
      value={100}
      animated
      size={3}
      radius={0}
      pos="fixed"
      top={0}
      left={0}
      right={0}
      style={{ zIndex: 1000 }}
      aria-label="Loading page"
    />
  );
}
