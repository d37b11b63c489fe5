#!/usr/bin/env node
'use strict';
require('../node/cli/main.cjs')
  .main(process.argv.slice(2))
  .then((code) => {
    process.exitCode = code;
  });
