/**
 * The renderer needs no camera, microphone, notifications, geolocation, clipboard reading, HID,
 * serial or USB: every permission request and check is answered "no", on every session.
 */
import type { Session } from 'electron';

/** Denies every permission request, permission check and device access on `target`. */
export function denyAllPermissions(target: Session): void {
  target.setPermissionRequestHandler((_webContents, _permission, callback) => callback(false));
  target.setPermissionCheckHandler(() => false);
  target.setDevicePermissionHandler(() => false);
}
