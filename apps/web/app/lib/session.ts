/**
 * The spec's local-storage keys, as UI state only (the session itself is an HttpOnly cookie the page never
 * sees): who is logged in, their file status and number, and when they were last active. Components read it
 * with useSessionInfo(), which renders "logged out" on the server and during hydration, then the stored state.
 */
import {
  INACTIVITY_LIMIT_MINUTES,
  isFileStatus,
  STORAGE_KEYS,
  type FileStatus,
  type UserInfo,
} from '@taxfirm/contract';
import { useSyncExternalStore } from 'react';

export type SessionInfo = {
  userId: string;
  clientId: string;
  userName: string;
  email: string;
  fileStatus: FileStatus | null;
  fileNumber: string | null;
};

const CHANGE_EVENT = 'taxfirm:session';
const IDLE_MS = INACTIVITY_LIMIT_MINUTES * 60_000;

function storage(): Storage | null {
  return typeof window === 'undefined' ? null : window.localStorage;
}

function notify() {
  window.dispatchEvent(new Event(CHANGE_EVENT));
}

/** Store what a login answered (uinfo). */
export function saveLogin(info: UserInfo): void {
  const store = storage();
  if (!store) return;
  store.setItem(STORAGE_KEYS.accessToken, info.user_id);
  store.setItem(STORAGE_KEYS.clientId, info.client_id);
  store.setItem(STORAGE_KEYS.userName, info.user_name);
  store.setItem(STORAGE_KEYS.email, info.email);
  store.setItem(STORAGE_KEYS.fileStatus, info.filestatus);
  store.setItem(STORAGE_KEYS.processingState, info.userstate);
  if (info.filenumber) store.setItem(STORAGE_KEYS.fileNumber, info.filenumber);
  else store.removeItem(STORAGE_KEYS.fileNumber);
  markActive();
  notify();
}

/** Keep the stored file status in step with what the server last answered (staff may have changed it). */
export function rememberFileStatus(status: FileStatus): void {
  const store = storage();
  if (!store?.getItem(STORAGE_KEYS.accessToken) || store.getItem(STORAGE_KEYS.fileStatus) === status) return;
  store.setItem(STORAGE_KEYS.fileStatus, status);
  notify();
}

/** Forget the login (the spec's logout and forced logout both clear local storage). */
export function clearSession(): void {
  storage()?.clear();
  notify();
}

export function markActive(now = Date.now()): void {
  storage()?.setItem(STORAGE_KEYS.lastActive, String(now));
}

/** Logged in (a stored token) and idle for more than 20 minutes. */
export function isIdleTooLong(now = Date.now()): boolean {
  const store = storage();
  if (!store?.getItem(STORAGE_KEYS.accessToken)) return false;
  const last = Number(store.getItem(STORAGE_KEYS.lastActive) ?? 0);
  return now - last > IDLE_MS;
}

export function hasStoredLogin(): boolean {
  return Boolean(storage()?.getItem(STORAGE_KEYS.accessToken));
}

let cached: { key: string; value: SessionInfo | null } = { key: '', value: null };

function readSession(): SessionInfo | null {
  const store = storage();
  if (!store) return null;
  const values = [
    STORAGE_KEYS.accessToken,
    STORAGE_KEYS.clientId,
    STORAGE_KEYS.userName,
    STORAGE_KEYS.email,
    STORAGE_KEYS.fileStatus,
    STORAGE_KEYS.fileNumber,
  ].map((key) => store.getItem(key));
  const key = JSON.stringify(values);
  if (key === cached.key) return cached.value;
  const [userId, clientId, userName, email, fileStatus, fileNumber] = values;
  const value = userId
    ? {
        userId,
        clientId: clientId ?? '',
        userName: userName ?? '',
        email: email ?? '',
        fileStatus: isFileStatus(fileStatus) ? fileStatus : null,
        fileNumber: fileNumber ?? null,
      }
    : null;
  cached = { key, value };
  return value;
}

function subscribe(onChange: () => void): () => void {
  window.addEventListener(CHANGE_EVENT, onChange);
  window.addEventListener('storage', onChange);
  return () => {
    window.removeEventListener(CHANGE_EVENT, onChange);
    window.removeEventListener('storage', onChange);
  };
}

/** The stored login, or null; null on the server and in the first (hydrating) render. */
export function useSessionInfo(): SessionInfo | null {
  return useSyncExternalStore(subscribe, readSession, () => null);
}
