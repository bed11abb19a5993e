package org.trajectory.scrub.internal;

import java.util.List;
import java.util.regex.Pattern;

import org.apache.commons.validator.routines.CreditCardValidator;
import org.trajectory.scrub.Detector;

/**
 * Payment card numbers: 13 to 19 digits, grouped by spaces, dots or dashes or not, of a card scheme's prefixes and lengths
 * with a valid Luhn checksum, as Apache Commons Validator checks them.
 */
public final class CardDetector implements Detector {

    private static final Pattern DIGITS = Pattern.compile("(?<!\\d|\\d[.,-])\\d(?:[ .-]?\\d){12,18}(?!\\d|[.,]\\d)");
    private static final CreditCardValidator CARDS = new CreditCardValidator(CreditCardValidator.AMEX + CreditCardValidator.VISA
            + CreditCardValidator.MASTERCARD + CreditCardValidator.DISCOVER + CreditCardValidator.DINERS);

    @Override
    public List<Span> find(String text, Context context) {
        return Candidates.find(DIGITS, text, candidate -> CARDS.isValid(Candidates.compact(candidate)));
    }
}
