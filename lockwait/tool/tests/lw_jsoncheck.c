/* lw_jsoncheck.c - a strict JSON validator for the tests (RFC 8259: one
 * value, objects, arrays, strings with their escapes, numbers, true, false,
 * null, nothing after the value but white space). python is not a
 * dependency of the suite, so the export's test checks its JSON with this.
 *   usage: lw_jsoncheck FILE
 * exit 0 and "lw_jsoncheck values=N depth=D" when FILE is JSON; exit 1 and
 * where it is not otherwise. Recursion is bounded (depth 256). */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static FILE *in;
static long pos, values, maxdepth;
static int c; /* the current character, EOF at the end */

static void next(void)
{
    c = getc(in);
    pos++;
}

static void fail(const char *what)
{
    fprintf(stderr, "lw_jsoncheck: byte %ld: %s\n", pos, what);
    exit(1);
}

static void space(void)
{
    while (c == ' ' || c == '\t' || c == '\n' || c == '\r')
        next();
}

static void expect(int want, const char *what)
{
    if (c != want)
        fail(what);
    next();
}

static void word(const char *w)
{
    for (; *w; w++)
        expect(*w, "a misspelt true, false or null");
}

static void string(void)
{
    expect('"', "expected a string");
    while (c != '"') {
        if (c == EOF || c < 0x20)
            fail("a control character or the end inside a string");
        if (c == '\\') {
            next();
            if (c == 'u') {
                for (int i = 0; i < 4; i++) {
                    next();
                    if (!isxdigit(c))
                        fail("\\u without four hex digits");
                }
            } else if (!strchr("\"\\/bfnrt", c) || c == 0) {
                fail("an unknown escape");
            }
        }
        next();
    }
    next();
}

static void digits(void)
{
    if (!isdigit(c))
        fail("expected a digit");
    while (isdigit(c))
        next();
}

static void number(void)
{
    if (c == '-')
        next();
    if (c == '0')
        next();
    else
        digits();
    if (c == '.') {
        next();
        digits();
    }
    if (c == 'e' || c == 'E') {
        next();
        if (c == '+' || c == '-')
            next();
        digits();
    }
}

static void value(int depth);

static void members(int depth, int close, int keyed)
{
    next();
    space();
    if (c == close) {
        next();
        return;
    }
    for (;;) {
        if (keyed) {
            string();
            space();
            expect(':', "expected ':' after a key");
        }
        value(depth + 1);
        space();
        if (c == close) {
            next();
            return;
        }
        expect(',', keyed ? "expected ',' or '}'" : "expected ',' or ']'");
        space();
    }
}

static void value(int depth)
{
    if (depth > 256)
        fail("nested deeper than 256");
    if (depth > maxdepth)
        maxdepth = depth;
    space();
    values++;
    if (c == '{')
        members(depth, '}', 1);
    else if (c == '[')
        members(depth, ']', 0);
    else if (c == '"')
        string();
    else if (c == 't')
        word("true");
    else if (c == 'f')
        word("false");
    else if (c == 'n')
        word("null");
    else if (c == '-' || isdigit(c))
        number();
    else
        fail("expected a value");
}

int main(int argc, char **argv)
{
    if (argc != 2 || !strcmp(argv[1], "-h")) {
        puts("usage: lw_jsoncheck FILE");
        return argc == 2 ? 0 : 2;
    }
    in = fopen(argv[1], "r");
    if (!in) {
        perror(argv[1]);
        return 2;
    }
    next();
    value(0);
    space();
    if (c != EOF)
        fail("something after the value");
    printf("lw_jsoncheck values=%ld depth=%ld\n", values, maxdepth);
    return 0;
}
