const int kLevel2 = 2;
