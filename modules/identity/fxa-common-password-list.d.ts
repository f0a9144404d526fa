// Mozilla's list of the most common passwords ships without types.
declare module "fxa-common-password-list" {
  const list: { test(password: string): boolean };
  export default list;
}
