package io.github.radixwheel.testkit;

import io.github.radixwheel.core.LevelBits;
import io.github.radixwheel.core.TimingWheelQueue;

/** The queue's contract on {@code TimingWheelQueue}. */
class RealQueueContractTest extends QueueContractTest {
    @Override
    QueueApi<String> create(LevelBits levelBits) {
        return QueueApi.of(new TimingWheelQueue<>(levelBits));
    }
}
