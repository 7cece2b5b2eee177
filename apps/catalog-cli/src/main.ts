#!/usr/bin/env node
import { runCli } from './run-cli.js';
import { runAsMain } from './run-program.js';

/** `catalog <command>` (`pnpm catalog …`, or the `reviews-catalog` bin). */
runAsMain('catalog', runCli);
