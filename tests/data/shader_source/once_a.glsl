const int kOnceA = 1;
