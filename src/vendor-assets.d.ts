/** A stylesheet imported as its text (`?source`, see gatsby-node's webpack rule), for a lazily loaded chunk. */
declare module '*.css?source' {
  const text: string;
  export default text;
}
