package io.github.radixwheel.testkit;

import io.github.radixwheel.alarms.TimingWheelConfig;

/** The wheel's contract on {@link ReferenceWheel}. */
class ReferenceWheelContractTest extends WheelContractTest {
    @Override
    WheelApi<String> create(TimingWheelConfig config, long start) {
        return WheelApi.of(new ReferenceWheel<>(config, start));
    }
}
