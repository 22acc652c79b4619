/**
 * Loaded with `--import` before anything else in a child process: the keyring's native binding is
 * not there, as in a package built without its target's binding. Node's module hooks (applied to
 * require() too) make every platform package `@napi-rs/keyring-*` and every `keyring.*.node` file
 * unresolvable, exactly the failure the keyring's index.js meets when neither was installed.
 */
import { registerHooks } from 'node:module';

registerHooks({
  resolve(specifier, context, nextResolve) {
    if (/^@napi-rs\/keyring-/.test(specifier) || /(^|\/)keyring\.[\w-]+\.node$/.test(specifier)) {
      throw Object.assign(new Error(`Cannot find module '${specifier}'`), { code: 'MODULE_NOT_FOUND' });
    }
    return nextResolve(specifier, context);
  },
});
