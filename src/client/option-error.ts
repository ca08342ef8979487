/** An option createCloudClient cannot use (a call's own option too): the message names the option and the rule, never the key. */
export class CloudClientOptionError extends TypeError {
  override name = 'CloudClientOptionError';
}
