package io.github.radixwheel.testkit;

import io.github.radixwheel.alarms.TimingWheel;
import io.github.radixwheel.alarms.TimingWheelConfig;

/** The wheel's contract on {@code TimingWheel}. */
class RealWheelContractTest extends WheelContractTest {
    @Override
    WheelApi<String> create(TimingWheelConfig config, long start) {
        return WheelApi.of(new TimingWheel<>(config, start));
    }
}
