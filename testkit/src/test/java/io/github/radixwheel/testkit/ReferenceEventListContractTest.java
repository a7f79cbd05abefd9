package io.github.radixwheel.testkit;

/** The future event list's contract on {@link ReferenceEventList}. */
class ReferenceEventListContractTest extends EventListContractTest {
    @Override
    EventListApi<String> create(double start) {
        return EventListApi.of(new ReferenceEventList<>(start));
    }
}
