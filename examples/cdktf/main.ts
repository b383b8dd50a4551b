// Synthesizes every example stack into cdktf.out/stacks/<name>/cdk.tf.json, as `cdktf synth` does, and
// puts the provider's lock file beside each, so that `cdktf deploy <stack>` works offline.
import { App } from 'cdktf';
import { alertingStack } from './alerting';
import { privateLocationStack } from './private-location';
import { writeProviderLocks } from './provider-lock';
import { statusPageStack } from './status-page';
import { websiteStack } from './website';

const app = new App();
websiteStack(app);
statusPageStack(app);
alertingStack(app);
privateLocationStack(app);
app.synth();
writeProviderLocks(app.outdir);
