package io.github.radixwheel.testkit;

import io.github.radixwheel.alarms.FutureEventList;

/** The future event list's contract on {@code FutureEventList}. */
class RealEventListContractTest extends EventListContractTest {
    @Override
    EventListApi<String> create(double start) {
        return EventListApi.of(new FutureEventList<>(start));
    }
}
