import { LimitExceededError } from '../common/errors';
import { assertRoomForOne } from './plans';

describe(assertRoomForOne.name, () => {
  it('lets the count reach the limit, then refuses naming the field, the plan and the bound', () => {
    expect(() => assertRoomForOne('free', 'monitors', 4)).not.toThrow();
    expect(() => assertRoomForOne('free', 'monitors', 5)).toThrow(
      new LimitExceededError('monitors: the free plan allows at most 5 monitors'),
    );
    expect(() => assertRoomForOne('free', 'notificationChannels', 3)).toThrow(
      new LimitExceededError('notifications: the free plan allows at most 3 notification channels'),
    );
    expect(() => assertRoomForOne('free', 'statusPages', 1)).toThrow(
      new LimitExceededError('statusPages: the free plan allows at most 1 status pages'),
    );
  });

  it('says a plan does not include what its limit is 0 for', () => {
    expect(() => assertRoomForOne('free', 'privateLocations', 0)).toThrow(
      new LimitExceededError('private locations: the free plan does not include private locations'),
    );
    expect(() => assertRoomForOne('pro', 'privateLocations', 0)).not.toThrow();
  });
});
