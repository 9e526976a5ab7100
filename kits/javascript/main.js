#!/usr/bin/env node
// Serve the basic engine over the wire protocol: arbiter check --engine wire:"node main.js"
"use strict";

const { serve } = require("./protocol.js");
const { BasicEngine } = require("./engine.js");

serve(new BasicEngine());
