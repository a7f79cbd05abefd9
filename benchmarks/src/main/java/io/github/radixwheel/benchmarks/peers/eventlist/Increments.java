package io.github.radixwheel.benchmarks.peers.eventlist;

import java.util.Arrays;
import java.util.Locale;
import java.util.SplittableRandom;

/**
 * The hold model's increment distributions, after the classic event-list studies (Jones 1986;
 * Rönngren and Ayani 1997), each with mean 1 so that the sizes compare. {@code U} is uniform in
 * [0, 1). Generated up front from a seed into a {@code double[]}.
 */
public enum Increments {
    /** {@code -ln(1 - U)}: the classic hold model. */
    EXPONENTIAL,
    /** {@code 2U}: uniform in [0, 2). */
    UNIFORM,
    /** {@code 1.5 sqrt(U)}: density rising linearly on [0, 1.5). */
    TRIANGULAR,
    /** {@code 3 (1 - sqrt(U))}: density falling linearly on [0, 3]. */
    NEGATIVE_TRIANGULAR,
    /** Two humps: uniform in [0, 0.2) or in [1.8, 2.0), each half the time. */
    CAMEL,
    /** Mostly short, sometimes long: uniform in [0, 0.2) nine times in ten, else uniform in [0, 18.2). */
    BIMODAL,
    /** Lomax (Pareto of the second kind), shape 1.5, scale 0.5: {@code 0.5 (U^(-1/1.5) - 1)}; infinite variance. */
    PARETO,
    /** Whole numbers 0, 1 or 2, equally likely: many events share a time, and some fall at the time being taken. */
    DISCRETE;

    /** The values of the benchmarks' {@code dist} parameter, in this order. */
    public static final String[] PARAMS = Arrays.stream(values()).map(Increments::param).toArray(String[]::new);

    /** @return the parameter value: the name in lower case, e.g. {@code negative_triangular} */
    public String param() {
        return name().toLowerCase(Locale.ROOT);
    }

    /**
     * @param param a {@link #param()}
     * @return its distribution
     * @throws IllegalArgumentException if there is none
     */
    public static Increments of(String param) {
        for (Increments d : values()) {
            if (d.param().equals(param)) {
                return d;
            }
        }
        throw new IllegalArgumentException("dist: " + param + " (expected one of " + Arrays.toString(PARAMS) + ")");
    }

    /**
     * @param r the source
     * @return one increment, {@code >= 0}
     */
    public double next(SplittableRandom r) {
        double u = r.nextDouble();
        switch (this) {
            case EXPONENTIAL:
                return -Math.log(1 - u);
            case UNIFORM:
                return 2 * u;
            case TRIANGULAR:
                return 1.5 * Math.sqrt(u);
            case NEGATIVE_TRIANGULAR:
                return 3 * (1 - Math.sqrt(u));
            case CAMEL:
                return r.nextBoolean() ? 0.2 * u : 1.8 + 0.2 * u;
            case BIMODAL:
                return r.nextInt(10) != 0 ? 0.2 * u : 18.2 * u;
            case PARETO:
                return 0.5 * (Math.pow(1 - u, -1 / 1.5) - 1);
            case DISCRETE:
                return Math.floor(3 * u);
            default:
                throw new AssertionError(this);
        }
    }

    /**
     * @param seed the seed
     * @param count how many
     * @return {@code count} increments
     */
    public double[] generate(long seed, int count) {
        SplittableRandom r = new SplittableRandom(seed);
        double[] a = new double[count];
        for (int i = 0; i < count; i++) {
            a[i] = next(r);
        }
        return a;
    }
}
