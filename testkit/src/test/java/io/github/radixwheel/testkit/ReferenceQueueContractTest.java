package io.github.radixwheel.testkit;

import io.github.radixwheel.core.LevelBits;

/** The queue's contract on {@link ReferenceQueue}. */
class ReferenceQueueContractTest extends QueueContractTest {
    @Override
    QueueApi<String> create(LevelBits levelBits) {
        return QueueApi.of(new ReferenceQueue<>(levelBits));
    }
}
