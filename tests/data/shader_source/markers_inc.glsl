const int kAnswer = 42;
