#!/usr/bin/env node
// A committed launcher, so pnpm can link the bin before the package is built.
import '../dist/cli.js';
