// Mantine's Select alone, as a module the browser loads after a first screen's take-over (select-after-take-over.tsx).
export { Select } from '@mantine/core';
