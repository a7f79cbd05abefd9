package io.github.radixwheel.testkit;

import io.github.radixwheel.alarms.FutureEventList;

/** The future event list's refusals on {@code FutureEventList}. */
class RealEventListRefusalContractTest extends EventListRefusalContractTest {
    @Override
    EventListApi<String> create(double start) {
        return EventListApi.of(new FutureEventList<>(start));
    }
}
