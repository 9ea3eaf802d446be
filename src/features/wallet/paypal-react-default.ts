// @paypal/react-paypal-js does `import React, { ... } from 'react'` and uses React.createElement and
// React.Fragment. React ships as CommonJS, and a default import of it makes the bundler add its CommonJS
// interop helpers as a separate chunk that every page then loads. astro.config.mjs points that one package's
// `react` at this module, whose default export is a plain object: no interop needed.
import { createElement, Fragment } from 'react';

export default { createElement, Fragment };
export { Component, createContext, useContext, useEffect, useReducer, useRef, useState } from 'react';
