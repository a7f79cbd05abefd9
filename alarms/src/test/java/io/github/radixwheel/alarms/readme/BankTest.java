package io.github.radixwheel.alarms.readme;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.PrimitiveIterator;
import java.util.SplittableRandom;
import java.util.function.DoubleSupplier;
import java.util.stream.DoubleStream;
import org.junit.jupiter.api.Test;

/**
 * The README's bank on {@code FutureEventList}: priorities order events of equal time (a teller who
 * finishes serves the next customer before that customer's patience runs out at the same moment),
 * a customer served in time has its give-up event removed, and a long random run with one teller
 * agrees with the queue's outcome computed customer by customer.
 */
class BankTest {

    private static DoubleSupplier sequence(double... values) {
        PrimitiveIterator.OfDouble it = DoubleStream.of(values).iterator();
        return it::nextDouble;
    }

    @Test
    void run_aDepartureAtTheMomentPatienceEnds_servesTheCustomer() {
        // One teller; customers arrive at 1, 2 and 3; service takes 5; patience is 3.
        // 1: served at once, leaves at 6. 2: in line, gives up at 5. 3: in line until 6, when its
        // patience ends and the teller frees at once: the departure (priority 0) comes first.
        Bank bank = new Bank(1, sequence(1, 1, 1), sequence(5, 5), sequence(3, 3));
        bank.run(3);
        assertEquals(2, bank.served);
        assertEquals(1, bank.gaveUp);
        assertEquals(3.0, bank.totalWait, "customer 3 waited from 3 to 6");
        assertEquals(11.0, bank.events.now(), "customer 3 leaves at 11");
        assertTrue(bank.events.isEmpty());
        bank.events.checkInvariants();
    }

    @Test
    void run_patienceEndsBeforeTheTellerFrees_theCustomerGivesUp() {
        // As above, but the third customer's patience is 2.9: it gives up at 5.9, before 6.
        Bank bank = new Bank(1, sequence(1, 1, 1), sequence(5), sequence(3, 2.9));
        bank.run(3);
        assertEquals(1, bank.served);
        assertEquals(2, bank.gaveUp);
        assertEquals(6.0, bank.events.now());
    }

    @Test
    void run_oneTeller_agreesWithTheQueueComputedCustomerByCustomer() {
        int customers = 200_000;
        Bank bank = new Bank(1, exponential(1, 1.0), exponential(2, 0.9), exponential(3, 2.0));
        bank.run(customers);
        bank.events.checkInvariants();

        // FIFO with one teller: customer i starts at max(arrival, when the teller frees), if that is
        // no later than arrival + patience (a departure at that very moment comes first); patience is
        // drawn only by those who find the teller busy, service only by those served, in order.
        DoubleSupplier gaps = exponential(1, 1.0);
        DoubleSupplier services = exponential(2, 0.9);
        DoubleSupplier patiences = exponential(3, 2.0);
        double arrival = 0;
        double free = 0;
        int served = 0;
        int gaveUp = 0;
        double wait = 0;
        for (int i = 0; i < customers; i++) {
            arrival += gaps.getAsDouble();
            if (free <= arrival) {
                served++;
                free = arrival + services.getAsDouble();
            } else if (free <= arrival + patiences.getAsDouble()) {
                served++;
                wait += free - arrival;
                free += services.getAsDouble();
            } else {
                gaveUp++;
            }
        }
        assertEquals(served, bank.served);
        assertEquals(gaveUp, bank.gaveUp);
        assertEquals(customers, bank.served + bank.gaveUp);
        assertEquals(wait, bank.totalWait, 1e-9 * wait);
        assertTrue(bank.gaveUp > customers / 100, "some customers give up: " + bank.gaveUp);
    }

    @Test
    void run_twice_runsASecondReplicationOnTheSameList() {
        Bank bank = new Bank(3, exponential(1, 1.0), exponential(2, 2.5), exponential(3, 4.0));
        bank.run(20_000);
        int firstServed = bank.served;
        assertEquals(20_000, bank.served + bank.gaveUp);
        assertTrue(bank.gaveUp > 0 && bank.served > 10_000, bank.served + " served, " + bank.gaveUp + " gave up");
        bank.run(20_000); // the streams go on: another replication, on the same (reset) list
        assertEquals(20_000, bank.served + bank.gaveUp);
        assertTrue(bank.events.isEmpty());
        Bank fresh = new Bank(3, exponential(1, 1.0), exponential(2, 2.5), exponential(3, 4.0));
        fresh.run(20_000);
        assertEquals(firstServed, fresh.served, "the same streams make the same replication");
    }

    private static DoubleSupplier exponential(long seed, double mean) {
        return Bank.exponential(new SplittableRandom(seed), mean);
    }
}
