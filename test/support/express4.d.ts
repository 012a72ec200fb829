// express4 is Express 4 installed under an npm alias; its API is typed as Express's.
declare module 'express4' {
  import express from 'express';
  export default express;
}
