package io.github.radixwheel.alarms;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Events at {@code now()} only, so that every operation goes through the current time's priority
 * runs: runs that start at the top and end at the bottom (rising priorities), the reverse, and
 * runs started and ended anywhere, with the list at its full capacity (after {@code trimToSize})
 * and growing. The runs slide round their circular array and wrap; every step is compared with
 * {@link EventListModel}, with {@code checkInvariants()} after it.
 */
class FutureEventListCurrentTimeTest {
    /** How the priority of a new event is drawn. */
    enum Priorities { RISING, FALLING, FEW, MANY, EXTREMES }

    @ParameterizedTest
    @EnumSource(Priorities.class)
    void eventsAtNow_matchTheModel(Priorities kind) {
        for (long seed = 0; seed < 12; seed++) {
            SplittableRandom random = new SplittableRandom(seed * 131 + kind.ordinal());
            FutureEventList<Long> list = new FutureEventList<>();
            EventListModel model = new EventListModel(0.0);
            List<Long> handles = new ArrayList<>();
            int[] counter = {0};
            int initial = 1 + random.nextInt(60);
            for (int i = 0; i < initial; i++) {
                add(list, model, handles, random, kind, counter);
            }
            if (random.nextBoolean()) {
                list.trimToSize(); // no spare capacity: the runs' array cannot grow past it
            }
            for (int step = 0; step < 1_500; step++) {
                int op = random.nextInt(10);
                if (op < 4 || handles.isEmpty()) {
                    add(list, model, handles, random, kind, counter);
                }
                if (op >= 4 && op < 8 && !handles.isEmpty()) {
                    long taken = list.firstHandle();
                    assertEquals(model.pollFirst(), taken, "step " + step);
                    list.pollFirst();
                    handles.remove(taken);
                } else if (op == 8 && !handles.isEmpty()) {
                    long h = handles.remove(random.nextInt(handles.size()));
                    model.remove(h);
                    assertEquals(true, list.remove(h));
                } else if (op == 9 && !handles.isEmpty()) {
                    long h = handles.get(random.nextInt(handles.size()));
                    list.reschedule(h, list.now()); // the back of its run
                    model.reschedule(h, list.now());
                }
                list.checkInvariants();
                assertEquals(model.size(), list.size(), "step " + step);
                if (!handles.isEmpty()) {
                    assertEquals(model.first(), list.firstHandle(), "step " + step);
                }
            }
            while (!list.isEmpty()) {
                assertEquals(model.pollFirst(), list.firstHandle());
                list.pollFirst();
                list.checkInvariants();
            }
        }
    }

    private static void add(FutureEventList<Long> list, EventListModel model, List<Long> handles,
            SplittableRandom random, Priorities kind, int[] counter) {
        int p = switch (kind) {
            case RISING -> counter[0]++;
            case FALLING -> -counter[0]++;
            case FEW -> random.nextInt(5);
            case MANY -> random.nextInt(200);
            case EXTREMES -> random.nextBoolean() ? (random.nextBoolean() ? Integer.MIN_VALUE : Integer.MAX_VALUE)
                    : random.nextInt(20) - 10;
        };
        double now = list.now();
        if (random.nextInt(8) == 0 && !handles.isEmpty()) {
            long h = list.addFirst(now, p, 0L);
            model.addFirst(h, now, p);
            handles.add(h);
        } else {
            long h = list.add(now, p, 0L);
            model.add(h, now, p);
            handles.add(h);
        }
    }
}
