'use strict';
// The one place the WebAssembly core (wasm-pack's output in ../../pkg) is loaded. Every
// capability module gets `core` from here, so how and when the module is loaded is decided once.
module.exports = require('../../pkg/modoki_budget.js');
