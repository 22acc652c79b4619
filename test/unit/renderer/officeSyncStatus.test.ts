/** Reading the office's answer to a change: "not applied" only from a sync status of 0, nothing from anything else. */
import { MessageType } from '@hocuspocus/provider';
import * as encoding from 'lib0/encoding';
import { expect, it } from 'vitest';
import { changeNotApplied } from '../../../renderer/src/sync/officeSyncStatus.ts';

function message(type: number, value: number): Uint8Array {
  const encoder = encoding.createEncoder();
  encoding.writeVarString(encoder, 'office/list');
  encoding.writeVarUint(encoder, type);
  encoding.writeVarUint(encoder, value);
  return encoding.toUint8Array(encoder);
}

it('says "not applied" for a sync status of 0 only', () => {
  expect(changeNotApplied(message(MessageType.SyncStatus, 0))).toBe(true);
  expect(changeNotApplied(message(MessageType.SyncStatus, 1).buffer as ArrayBuffer)).toBe(false);
  expect(changeNotApplied(message(MessageType.Sync, 0))).toBe(false);
  expect(changeNotApplied(message(MessageType.Stateless, 0))).toBe(false);
});

it('reads a message too short to be one as saying nothing', () => {
  expect(changeNotApplied(new Uint8Array([]))).toBe(false);
  expect(changeNotApplied(new Uint8Array([5, 111]))).toBe(false);
});
