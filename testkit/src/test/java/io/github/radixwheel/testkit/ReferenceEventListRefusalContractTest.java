package io.github.radixwheel.testkit;

/** The future event list's refusals on {@link ReferenceEventList}. */
class ReferenceEventListRefusalContractTest extends EventListRefusalContractTest {
    @Override
    EventListApi<String> create(double start) {
        return EventListApi.of(new ReferenceEventList<>(start));
    }
}
