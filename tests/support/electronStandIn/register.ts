/** `node --import tsx --import ./register.ts out/main/main.js`: the app with the stand-in. */
import { register } from 'node:module';

register(new URL('./hooks.ts', import.meta.url));
