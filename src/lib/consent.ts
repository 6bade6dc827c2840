// The visitor's answers to the permission prompts (div.js-permission), kept in localStorage
// so that other features (analytics, map) can honour them. One module for the writer and
// every reader, so the key and the states are spelt in one place.
export const PERMISSION_TYPES = ['geolocation', 'cookie'] as const;
export type PermissionType = (typeof PERMISSION_TYPES)[number];
/** pending: not asked or undecided; no / yes: the visitor's answer; blocked: the browser refuses. */
export const PERMISSION_STATES = ['pending', 'no', 'yes', 'blocked'] as const;
export type PermissionState = (typeof PERMISSION_STATES)[number];

const key = (type: PermissionType) => `veneer-permission-${type}`;

export function storedPermission(type: PermissionType): PermissionState {
  try {
    const value = localStorage.getItem(key(type));
    return (PERMISSION_STATES as readonly string[]).includes(value!) ? (value as PermissionState) : 'pending';
  } catch {
    // Storage disabled (privacy settings): undecided, asked again on each page.
    return 'pending';
  }
}

export function storePermission(type: PermissionType, state: PermissionState): void {
  try {
    localStorage.setItem(key(type), state);
  } catch {
    // Storage disabled: the answer holds for this page view only.
  }
}
