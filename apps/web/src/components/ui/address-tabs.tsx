import { Tabs } from '@mantine/core';
import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router';

export interface AddressTab {
  /** The tab's name in the address (?tab=…). */
  value: string;
  label: ReactNode;
  /** Beside the label (a count waiting). */
  rightSection?: ReactNode;
  panel: ReactNode;
}

interface AddressTabsProps {
  tabs: AddressTab[];
  /** The tab shown when the address names none of them. */
  fallback: string;
  /**
   * The tab whose address has no ?tab= at all. Without it every chosen tab is written in the address
   * (where the tab shown by default changes, e.g. with a test's phase).
   */
  home?: string;
}

/**
 * Tabs whose chosen tab lives in the address (?tab=…, replacing the history entry), so a link can open
 * one and Back leaves the screen; only the shown tab's panel is mounted.
 */
export function AddressTabs({ tabs, fallback, home }: AddressTabsProps) {
  const [params, setParams] = useSearchParams();
  const asked = params.get('tab');
  const value = tabs.find((tab) => tab.value === asked)?.value ?? fallback;
  return (
    <Tabs value={value} onChange={(next) => setParams(next && next !== home ? { tab: next } : {}, { replace: true })} keepMounted={false}>
      <Tabs.List mb="md">
        {tabs.map((tab) => (
          <Tabs.Tab key={tab.value} value={tab.value} rightSection={tab.rightSection}>
            {tab.label}
          </Tabs.Tab>
        ))}
      </Tabs.List>
      {tabs.map((tab) => (
        <Tabs.Panel key={tab.value} value={tab.value}>
          {tab.panel}
        </Tabs.Panel>
      ))}
    </Tabs>
  );
}
