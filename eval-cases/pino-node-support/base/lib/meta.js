'use strict'

module.exports = { version: '8.21.0' }
