package io.github.radixwheel.testkit;

/** The future event list's contract on {@link ReferenceEventList}. */
class ReferenceEventListContractTest extends EventListContractTest {
    @Override
    ReferenceEventList<String> create(double start) {
        return new ReferenceEventList<>(start);
    }
}
