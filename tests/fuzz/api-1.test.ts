// Part 1 of the API fuzzer (see fuzz-suite.ts).
import { defineFuzzSuite } from "./fuzz-suite";

defineFuzzSuite(0, 2);
