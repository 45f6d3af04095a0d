'use strict'

module.exports = { version: '10.0.0' }
