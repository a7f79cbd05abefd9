package io.github.radixwheel.alarms.readme;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/** The README's M/M/1 simulation reproduces the theory's mean wait in the queue, λ/μ/(μ−λ) = 4.0 s. */
class MM1SimulationExample {

    @Test
    void meanWaitSeconds_matchesTheory() {
        double lambda = 0.8;
        double mu = 1.0;
        double theory = lambda / mu / (mu - lambda);
        assertEquals(theory, new MM1Simulation(lambda, mu, 2026).meanWaitSeconds(1_000_000), 0.05 * theory);
    }

    @Test
    void meanWaitSeconds_sameSeed_sameResult() {
        assertEquals(new MM1Simulation(0.5, 1.0, 7).meanWaitSeconds(10_000),
                new MM1Simulation(0.5, 1.0, 7).meanWaitSeconds(10_000));
    }
}
